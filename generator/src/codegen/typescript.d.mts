// Types of typescript.mjs: ts-morph's `ts` namespace (values and types), loaded there with `require`.
export { ts } from 'ts-morph';
