import type { ESLint } from 'eslint';

/** The project's own lint rules: `boundaries` (path-based import zones) and `no-cycle`. */
export declare const storico: ESLint.Plugin;
