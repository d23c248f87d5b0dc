/**
 * Defaults of `socialgen mock`, apart from the mock itself so `--help` can print them without loading it.
 * The default spec is the generator's own default (config.ts).
 */
export { DEFAULT_CONFIG } from '../../config.ts';
export const DEFAULT_MOCK_PORT = 4010;
export const DEFAULT_MOCK_HOSTNAME = '127.0.0.1';
