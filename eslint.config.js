import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { storico } from './eslint-rules/plugin.js';

const FEATURE_RULE =
  'A feature never imports another feature: move what they share to domain/ (records, kinds, rollbacks) or lib/ or components/.';

/**
 * Import boundaries, on the resolved path (a relative `../../features/x` is caught like `@/features/x`):
 * contract -> i18n/lib/components/offline -> domain -> features -> app; src and server meet only in contract/.
 */
const zones = [
  { from: '^contract/', to: '^(src|server|sw)/', message: 'contract/ depends on zod only.' },
  {
    from: '^contract/',
    packages: ['react', 'react-*', 'fastify', 'kysely'],
    message: 'contract/ depends on zod only.',
  },
  {
    from: '^sandbox-crm/',
    to: '^(src|server|sw|contract)/',
    message: 'The sandbox CRM imitates Salesforce on its own: it imports nothing of Storico.',
  },
  {
    from: '^(src|sw|contract)/',
    to: '^sandbox-crm(/|$)',
    message: 'Only the server starts the sandbox CRM (and the tests, the benchmarks and its CLI).',
  },
  {
    from: '^server/',
    to: '^sandbox-crm(/|$)',
    except: '^sandbox-crm(/index)?$',
    message: "The server uses the sandbox CRM through its entry only: import '../../sandbox-crm'.",
  },
  {
    from: '^server/',
    to: '^(src|sw)/',
    message: 'The server never imports the client: share through contract/.',
  },
  {
    from: '^(src|sw)/',
    to: '^server/',
    message: 'The client never imports the server: share through contract/.',
  },
  {
    from: '^src/(lib|components|i18n|offline)/',
    to: '^src/(domain|features|app)/',
    message:
      'Shared layers (lib, components, i18n, offline) import neither the domain, features nor the app.',
  },
  {
    from: '^src/offline/',
    to: '^src/(?!offline/)',
    message: 'The offline store depends on the contract only: the session store below the domain clears it.',
  },
  {
    from: '^src/domain/',
    to: '^src/(features|app)/',
    message: 'The domain layer imports neither features nor the app: features import it.',
  },
  { from: '^src/features/', to: '^src/app/', message: 'Only the app layer imports the app layer.' },
  {
    from: '^src/features/([^/]+)/',
    to: '^src/features/',
    except: '^src/features/$1/',
    message: FEATURE_RULE,
  },
  {
    from: '^server/([^/]+)/[^/]+\\.repository\\.ts$',
    to: '^server/',
    except: '^server/(db|$1)/',
    typeOnly: 'allowed',
    message: 'A repository imports only db/ and its own area.',
  },
  {
    from: '^server/.+\\.service\\.ts$',
    packages: ['fastify', 'fastify-*', '@fastify/*'],
    message: 'A service never imports Fastify: the routes translate requests for it.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'data/**', 'coverage/**', 'dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Toasts go through lib/toast.ts, which loads sonner with the first one and mounts its container (decision 023).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/toast.ts', 'src/components/ui/sonner.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'sonner', message: "Import `toast` from '@/lib/toast'.", allowTypeImports: true }],
        },
      ],
    },
  },
  { files: ['sw/**/*.ts'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['src/**/*.{ts,tsx}', 'contract/**/*.ts', 'server/**/*.ts', 'sw/**/*.ts', 'sandbox-crm/**/*.ts'],
    plugins: { storico },
    rules: { 'storico/boundaries': ['error', zones], 'storico/no-cycle': 'error' },
  },
);
