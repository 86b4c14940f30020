import { describe, expect, it } from 'vitest';
import { findConfusableTools } from '../src/index.js';

const LISTING = 'Get a detailed listing of all files and directories in a specified path. Results distinguish files and directories with [FILE] and [DIR] prefixes. Only works within allowed directories.';
const LISTING_WITH_SIZES =
  'Get a detailed listing of all files and directories in a specified path, including sizes. Results distinguish files and directories with [FILE] and [DIR] prefixes. Only works within allowed directories.';

describe('findConfusableTools', () => {
  it('reports the later of two tools whose first sentences differ by words added at the end', () => {
    expect(findConfusableTools([{ name: 'list_directory', description: LISTING }, { name: 'read_file', description: 'Reads a file.' }, { name: 'list_directory_with_sizes', description: LISTING_WITH_SIZES }])).toEqual([
      { index: 2, otherIndex: 0, shared: 12, total: 14 },
    ]);
  });

  it('reports identical descriptions and near-identical word sets', () => {
    expect(findConfusableTools([{ name: 'get_weather', description: 'Get the weather for a city.' }, { name: 'get_forecast', description: 'Gets the weather for cities' }])).toHaveLength(1);
  });

  it('does not report a swapped key word, a different object, or a description that names the other tool', () => {
    const tools = [
      { name: 'http_test', description: 'Retrieve detailed time series results for an HTTP test by id.' },
      { name: 'trace_test', description: 'Retrieve detailed time series results for a traceroute test by id.' },
      { name: 'list_ct_authorities', description: 'List Certificate Authorities tracked in Certificate Transparency logs.' },
      { name: 'list_ct_logs', description: 'List Certificate Transparency logs.' },
      { name: 'list_directory', description: LISTING },
      { name: 'list_directory_with_sizes', description: `${LISTING_WITH_SIZES} Prefer list_directory when sizes do not matter.` },
    ];
    expect(findConfusableTools(tools)).toEqual([]);
  });

  it('does not compare descriptions in another language by the few English words they hold', () => {
    // Two greenhouse tools in Japanese whose only Latin words are `Seed TrayPlan`: one previews, one applies.
    const tools = [
      { name: 'preview_tray_plan', description: 'Seed TrayPlanの変更内容をプレビューします。実際には適用されません。' },
      { name: 'apply_tray_plan', description: 'Seed TrayPlanを温室に適用します。' },
    ];
    expect(findConfusableTools(tools)).toEqual([]);
    // The same pair in English that says the same thing is still reported.
    expect(findConfusableTools([{ name: 'a', description: 'Shows the TrayPlan.' }, { name: 'b', description: 'Shows the TrayPlan' }])).toHaveLength(1);
  });

  it('takes its thresholds as options', () => {
    const tools = [
      { name: 'http_test', description: 'Retrieve detailed time series results for an HTTP test by id.' },
      { name: 'trace_test', description: 'Retrieve detailed time series results for a traceroute test by id.' },
    ];
    expect(findConfusableTools(tools, { minSimilarity: 0.5 })).toHaveLength(1);
    expect(findConfusableTools([{ name: 'a', description: LISTING }, { name: 'b', description: LISTING_WITH_SIZES }], { maxAddedWords: 1 })).toEqual([]);
  });
});
