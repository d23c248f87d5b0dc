/** Defaults of `socialgen mock`, apart from the mock itself so `--help` can print them without loading it. */
export const DEFAULT_MOCK_PORT = 4010;
export const DEFAULT_MOCK_HOSTNAME = '127.0.0.1';
