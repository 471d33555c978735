import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const noServer = {
  group: ['**/server/**', '../server', '../../server'],
  message: 'The client never imports the server: share through contract/.',
};
const noClient = {
  group: ['**/src/**', '@/*'],
  message: 'The server never imports the client: share through contract/.',
};
const noFeatures = {
  group: ['@/features/**'],
  message: 'Shared layers (lib, components, i18n, offline) do not import features.',
};
const noApp = { group: ['@/app/**'], message: 'Only the app layer imports the app layer.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'dev-dist/**'] },
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
  { files: ['sw/**/*.ts'], languageOptions: { globals: { ...globals.serviceworker } } },
  // Import boundaries: contract -> lib/components -> features -> app; src and server meet only in contract.
  {
    files: ['contract/**/*.ts'],
    rules: restrict([
      noServer,
      noClient,
      { group: ['react', 'react-*', 'fastify', 'kysely'], message: 'contract/ depends on zod only.' },
    ]),
  },
  { files: ['server/**/*.ts'], rules: restrict([noClient]) },
  { files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'], rules: restrict([noServer]) },
  {
    files: ['src/lib/**', 'src/components/**', 'src/i18n/**', 'src/offline/**'],
    rules: restrict([noServer, noFeatures, noApp]),
  },
  {
    files: ['src/features/**'],
    ignores: ['src/features/restores/**'],
    rules: restrict([
      noServer,
      noApp,
      {
        group: ['@/features/**'],
        message: 'A feature never imports another feature: move what they share to lib/ or components/.',
      },
    ]),
  },
  // The restore review lists read the records feature's table of kinds (paths, labels, the view of a request).
  {
    files: ['src/features/restores/**'],
    rules: restrict([
      noServer,
      noApp,
      {
        regex: '^@/features/(?!records/kinds/)',
        message: 'A feature never imports another feature: move what they share to lib/ or components/.',
      },
    ]),
  },
);
