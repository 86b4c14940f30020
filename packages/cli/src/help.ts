/**
 * What `--help` prints. docs/cli.md holds the same text verbatim (a test compares them), so a flag is
 * documented in exactly one wording.
 */

export const MAIN_HELP = `Usage: toolslim <command> [options]

Keep the tool definitions agents read small.

Commands:
  report [paths…]           Sizes of the tools declared in source, heaviest first.
  measure -- <command…>     Sizes of the tools a running server lists (stdio or --url).
  budget [paths…]           Check sizes against toolslim.budget.json; exit 1 when over.
  slim [paths…]             Move the "how" out of descriptions into instruction files.

Options:
  -h, --help                Show help (also: toolslim <command> --help).
  -v, --version             Show the version.

Exit codes: 0 ok, 1 findings, 2 usage; the rest, and every flag:
https://github.com/toolslim/toolslim/blob/main/docs/cli.md
`;

export const REPORT_HELP = `Usage: toolslim report [paths…] [options]

Find the tools declared in JavaScript and TypeScript source and print what each one
publishes in tools/list, heaviest first: bytes, ~tokens (o200k_base), the
name/description/schema split, family and where it is declared. Then: totals per
family, the tools over a client's hard limit (description cut, name, tool count),
what toolslim slim would remove (planned in memory, nothing is written) and the
command to run next.

Arguments:
  paths                     Files and folders to read (default: .). Folders are walked
                            for .ts .tsx .js .mjs .cjs .jsx .mts .cts files; .gitignore
                            files are honoured, node_modules is skipped unless a path
                            names it, .d.ts files and files over 5 MB are skipped.

Options:
  --clients <ids>           Clients whose limits are checked, comma-separated (default:
                            the MCP clients; the model APIs openai, anthropic, gemini
                            only when named; ids: https://github.com/toolslim/toolslim/blob/main/docs/settings.md).
  --wide                    Show long names and paths in full (the table is fitted
                            to 100 columns otherwise).
  --no-estimate             Skip the slim estimate (it loads the codemod).
  --json                    Print the report as JSON (https://github.com/toolslim/toolslim/blob/main/docs/cli.md).
  -h, --help                Show this help.

Exit codes: 0 reported, 1 a file did not parse (every other file is still
reported), 2 a path does not exist or a flag is wrong.
`;

export const MEASURE_HELP = `Usage: toolslim measure [options] -- <command…>
       toolslim measure [options] --url <url>

Start an MCP server (or connect to one over Streamable HTTP), list its tools and
print what each one costs, heaviest first: bytes, tokens (o200k_base), bytes/4,
the name/description/schema split and schema share, plus the size of the
server's instructions and the totals.

Options:
  --url <url>               Connect over Streamable HTTP instead of starting a command.
  --header 'Name: value'    HTTP header to send with --url (repeatable).
  --cwd <dir>               Folder to start the command in (default: the current one).
  --timeout <seconds>       How long to wait for each answer (default: 30).
  --top <n>                 Print only the n heaviest tools (totals count all).
  --check                   Check the listed tools as the ESLint rules check source
                            (names, client limits, sizes, redundancy, how-text,
                            hidden instructions, annotations, confusable tools).
  --json                    Print the report as JSON (https://github.com/toolslim/toolslim/blob/main/docs/cli.md).
  -h, --help                Show this help.

The command after -- gets the whole environment. Its stderr is captured and the
last lines are shown when it fails.

Exit codes: 0 measured, 1 --check found problems, 2 wrong flags, 3 command not
found, 4 server exited before answering, 5 no answer within --timeout,
6 non-protocol text on stdout, 7 no tools listed, 8 HTTP endpoint refused,
10 server answered with an error.
`;

export const BUDGET_HELP = `Usage: toolslim budget [paths…] [options]
       toolslim budget [options] -- <command…>
       toolslim budget [options] --url <url>
       toolslim budget --compare [paths…] -- <command…>

Measure the tools (from source by default, or from a running server) and check
them against a budget file: {"totalBytes": n, "perToolBytes": n, "oversized":
{"tool_name": n}}. Fails when the total is over totalBytes, a tool not listed in
oversized is over perToolBytes, or a listed tool grew past its number.

Options:
  --budget <file>           Budget file (default: toolslim.budget.json).
  --init                    Write a first budget from today's numbers: totalBytes is
                            today's total + 10% (up to three significant digits), every tool
                            over perToolBytes is listed at today's size. Never
                            overwrites an existing budget file (unless --force).
  --force                   With --init: start over, replacing the budget file (the
                            way to accept an intended increase all at once).
  --per-tool <bytes>        perToolBytes for --init (default: 4000).
  --update                  Lower the numbers to today's (a listed tool to its size,
                            totalBytes to today's total + 10%) and drop listed tools
                            now under perToolBytes or gone. Never raises a number.
  --compare                 Print source against server sizes, tool by tool (needs
                            -- <command…> or --url); checks no budget.
  --format <text|markdown|json>
                            Output format (markdown suits a pull-request comment).
  --json                    Same as --format json.
  --url, --header, --cwd, --timeout
                            As for toolslim measure.
  -h, --help                Show this help.

Exit codes: 0 within budget, 1 over budget (or a source file did not parse),
2 wrong flags or a missing path, 9 budget file missing, not JSON or with a
wrong field; 3-8 and 10 as for toolslim measure.
`;
