// Dies at start, the way a server with a missing credential does: a message on stderr, exit code 1.
process.stderr.write('loading config…\n');
process.stderr.write('Error: MISSING_API_KEY is not set\n    at start (crash.mjs:4:9)\n');
process.exit(1);
