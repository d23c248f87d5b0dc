export * from './code.ts';
export * from './comment.ts';
export * from './names.ts';
export * from './indent.ts';
