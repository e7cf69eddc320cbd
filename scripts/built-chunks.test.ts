import { describe, expect, it } from 'vitest';
import { staticImportsOf } from './built-chunks';

describe('staticImportsOf', () => {
  it('names the chunks a minified script imports statically, not the ones it loads lazily', () => {
    const code =
      'import{a as e}from"./startup-Ab1.js";import"./runtime-Cd2.js";' +
      'const t=()=>import("./page-Ef3.js");export{e};';
    expect(staticImportsOf(code)).toEqual(['startup-Ab1.js', 'runtime-Cd2.js']);
  });

  it('finds none in a script that imports nothing', () => {
    expect(staticImportsOf('console.log(1)')).toEqual([]);
  });
});
