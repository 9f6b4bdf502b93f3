// Lint for the whole workspace. The import-boundary rules encode the architecture: a remote may
// import only contracts/ and shared/ packages (never the host, another remote, or a relative path
// out of its own folder); shared packages never import the host or a remote.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const REMOTE_NAMES = ['finder-verifier', 'prospects', 'campaigns', 'unibox', 'warmup', 'enrichment', 'studio', 'crm', 'infra-billing'];

// The icon barrel makes webpack create (and federation share) all ~850 icons; each icon is shared
// on its own path instead (tools/build-config/src/webpack.cjs, PER_MODULE_SINGLETONS).
const ICON_BARREL = {
  name: '@ant-design/icons',
  message: "Import each icon from its own module: import UserOutlined from '@ant-design/icons/es/icons/UserOutlined'.",
};

const remoteBoundary = {
  files: ['remotes/*/src/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [ICON_BARREL],
        patterns: [
          { group: ['@leadforge/host', '@leadforge/host/*'], message: 'A remote never imports the host: use shared/ packages.' },
          {
            group: REMOTE_NAMES.flatMap((name) => [`@leadforge/remote-${name}`, `@leadforge/remote-${name}/*`]),
            message: 'Remotes talk through contracts/ and shared/ only.',
          },
          // Relative imports inside the remote's src are fine at any depth (feature folders); a path
          // that reaches another package passes through its src/ folder, which is what is refused.
          { group: ['**/src/**', '**/host/src/**'], message: 'No relative imports out of the remote: use @leadforge/contracts or a shared package.' },
          { group: ['@leadforge/api', '@leadforge/api/*'], message: 'The front end never imports the back end.' },
        ],
      },
    ],
  },
};

const sharedBoundary = {
  files: ['shared/*/src/**/*.{ts,tsx}', 'contracts/src/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [ICON_BARREL],
        patterns: [
          { group: ['@leadforge/host', '@leadforge/host/*', '@leadforge/remote-*', '@leadforge/api', '@leadforge/api/*'], message: 'Shared packages and contracts never depend on the host, a remote or the API.' },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'releases/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
      '**/*.cjs',
      'api/drizzle/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['host/**/*.{ts,tsx}', 'remotes/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='React'][property.name='FC']", message: 'No React.FC: type props with an XProps type.' },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
  },
  { files: ['host/src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { paths: [ICON_BARREL] }] } },
  remoteBoundary,
  sharedBoundary,
  {
    // Tests read arbitrary JSON answers; typing every one of them would add noise, not safety.
    files: ['**/*.test.{ts,tsx}', '**/test-support/**', '**/test-fixtures/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
