import { readFileSync } from 'node:fs';

/** socialgen's own version, from generator/package.json (it goes into generated headers and --version). */
export const GENERATOR_VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
