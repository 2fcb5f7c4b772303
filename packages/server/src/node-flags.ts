// The flags Node runs the server with: `npm start` gives them (package.json, checked by
// node-flags.test.ts), and so does every test and benchmark that starts the server as a process
// (test-support/provisor-process.ts).
//
// --max-semi-space-size=32: the young generation's two halves grow to 32 MB each rather than 16, so
// a session's short-lived objects (its parsed XML, its rows, its promises) are scavenged half as
// often, and the event loop stops half as often for it. In the session mix, two servers loaded side
// by side, one with it and one without, each placed first in turn: more sessions a second with it in
// 26 of 32 runs over four sittings (2.4 to 6.6% more), for 0 to 4% less CPU a session; 64 MB did no
// better than 32 (bench/README.md, session-mix).
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
