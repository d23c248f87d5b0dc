/**
 * The server runtime's lossless JSON reader and writer are the client runtime's module: the generator copies
 * that file here into every server package (index.ts `runtimeSource`); this stand-in only lets the runtime
 * sources type-check in place.
 */
export * from '../../client/runtime/json64.js';
