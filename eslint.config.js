import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  // android/ and ios/: Capacitor's generated native projects, with a copy of the web build inside.
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', '.tmp', '.data', 'src/server/db/migrations', 'android', 'ios'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'tests/setup/web.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Web code never reaches into the server, and vice versa; both may use src/shared.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '#server/*'], message: 'The web app talks to the server over HTTP only.' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**', '#web/*'], message: 'Server code must not import web code.' }] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/web/**', '#server/*', '#web/*', 'node:*'], message: 'src/shared is pure: no server, web or Node imports.' }] },
      ],
    },
  },
)
