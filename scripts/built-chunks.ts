/**
 * The chunks a built script imports statically, as the bundler writes them (`from"./x.js"`,
 * `import"./x.js"`): the browser cannot run the script before they arrive.
 */
export const staticImportsOf = (code: string): string[] =>
  [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1] as string);
