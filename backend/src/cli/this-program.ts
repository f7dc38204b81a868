/**
 * How to run this same program again, for a child process of its own: the node, its flags (tsx's loader
 * under `npm run dev`, the memory settings under `npm start`) and the entry point that started this one.
 */
export function thisProgram(): string[] {
  return [process.execPath, ...process.execArgv, process.argv[1] ?? ''];
}
