// The console module's public surface: other modules import only this file (issue 15, point 3).
export { default as consolePlugin, type ConsoleOptions } from './plugin';
