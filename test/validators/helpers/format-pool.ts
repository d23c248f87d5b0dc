/**
 * Sample strings per format for the differential tests: the JSON-Schema-Test-Suite's optional/format
 * instances (valid and invalid), kept only where ajv-formats agrees with the suite — the oracle is only
 * asked what it answers correctly — plus generated valid timestamps.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DRAFT } from './suite.ts';
import { newAjv } from './oracle.ts';

const FORMATS = ['date-time', 'date', 'time', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uri', 'uri-reference', 'uuid', 'regex'];

export function formatPool(): Record<string, string[]> {
  const ajv = newAjv(true);
  const pool: Record<string, string[]> = {};
  for (const format of FORMATS) {
    const check = ajv.compile({ type: 'string', format });
    const groups = JSON.parse(readFileSync(path.join(DRAFT, 'optional/format', `${format}.json`), 'utf8')) as { tests: { data: unknown; valid: boolean }[] }[];
    const samples: string[] = [];
    for (const g of groups) for (const t of g.tests) if (typeof t.data === 'string' && check(t.data) === t.valid) samples.push(t.data);
    pool[format] = samples;
  }
  for (let i = 0; i < 20; i++) pool['date-time'].push(new Date(Date.UTC(2000 + i, i % 12, 1 + i, i, 2 * i, 3 * i, 7 * i)).toISOString());
  return pool;
}
