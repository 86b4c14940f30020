// Starts and reads stdin, but never answers anything.
process.stdin.on('data', () => {});
setInterval(() => {}, 1000);
