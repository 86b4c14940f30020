/**
 * The prose model and the cues read English: they were written and trained on English tool text. A unit in
 * another language gives them no evidence they can weigh (its words hash to features no label taught), so the
 * planner abstains there: the unit stays where it is written, whatever the model says of it.
 *
 * A unit is in another language when its words are mostly the function words of another language written in
 * Latin letters ("uniquement sur demande de l'utilisateur", "nur mit Bestätigung"), or when most of its
 * letters are of another script (Cyrillic, Greek, Han, kana, Hangul, Arabic, Hebrew, Devanagari, Thai).
 */
const ENGLISH = new Set(
  'the an to of and or is are be with for this that it its in on by from not use when if you your will can must only all any before after which what returns was were been has have than then there these those into'.split(' '),
);

/** Function words of other languages written in Latin letters that English tool text does not use as words. */
const OTHER = new Set(
  (
    'le la les des du un une et est pour avec sur dans que qui au aux ce cette ne pas par ou sont être il elle nous vous votre vos leur ' +
    'el los las es para por del una sus como pero más ' +
    'der das und ist mit für nicht ein eine zu von dem auf im bei oder werden wird sie ich ' +
    'não em um uma dos ao é são ' +
    'het een voor niet zijn ook ' +
    'di che gli della delle sono'
  ).split(' '),
);

const OTHER_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Thai}]/gu;

/** True when the unit is written in a language other than English (the model's and the cues' only one). */
export function isOtherLanguage(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return false;
  if ((text.match(OTHER_SCRIPT)?.length ?? 0) * 2 > letters) return true;
  // Code and identifiers are no language: `wp_list --per_page=2` holds no Italian "per".
  const prose = text.replace(/`[^`]*`/g, ' ').replace(/\S*[_=/\\]\S*|--?\w[\w-]*/g, ' ');
  const words = prose.toLowerCase().match(/\p{L}+/gu) ?? [];
  let english = 0;
  let other = 0;
  for (const word of words) {
    if (ENGLISH.has(word)) english++;
    else if (OTHER.has(word)) other++;
  }
  return other >= 2 && other > english;
}
