import * as core from '../packages/core/dist/index.js';
const text = process.argv[2].replace(/\\n/g, '\n');
const plan = core.planDescription(text, { parameter: process.argv[3] === 'p' });
plan.units.forEach((u, i) => console.log(plan.places[i], u.category, u.markupKind ?? '', u.cue, '|', JSON.stringify(u.text)));
