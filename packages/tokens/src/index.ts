export { countTokens, countTokensUpTo, findTokenFit, isWithinTokenLimit, LONG_RUN_CHUNK } from './count.js';
export { countO200kTokens, getO200kRanksFile, loadO200kRanks, O200kTableError } from './o200k.js';
