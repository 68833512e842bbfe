import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Every folder under src/features is a feature: a new one is guarded without editing this file.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default tseslint.config(
  { ignores: ['dist', 'dist-*', '.data', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      // Never parse dependencies' bundles (PGlite's is too deep for the parser).
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      // Dependencies flow one way: shared → offering/shared → i18n, lib → components, store →
      // offering, private entries → features → app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: [
                './src/app',
                './src/features',
                './src/lib',
                './src/i18n',
                './src/components',
                './src/store',
                './src/offering',
                './src/private-entries',
              ],
              message:
                'src/shared is what the page shares with the service worker and the local backend: it imports nothing else of ours.',
            },
            {
              target: './src/offering/shared',
              from: [
                './src/app',
                './src/features',
                './src/lib',
                './src/i18n',
                './src/components',
                './src/store',
                './src/private-entries',
              ],
              message:
                'src/offering/shared is what the service worker compiles of offering: it imports only src/shared.',
            },
            {
              target: './src/offering/shared',
              from: './src/offering',
              except: ['./shared'],
              message:
                "src/offering/shared is compiled by the service worker: it never imports the page's side of offering.",
            },
            {
              target: './src/i18n',
              from: [
                './src/app',
                './src/features',
                './src/lib',
                './src/components',
                './src/store',
                './src/offering',
                './src/private-entries',
              ],
              message:
                'The languages import nothing else of ours: every part of the page reads them.',
            },
            {
              target: './src/offering',
              from: ['./src/app', './src/features', './src/private-entries'],
              message:
                'Offering is shared by the screens: it never imports the app, a feature or the private entries.',
            },
            {
              target: ['./src/lib', './src/components'],
              from: './src/offering',
              except: ['./shared'],
              message:
                "Offering's page side builds on lib and components, never the other way round.",
            },
            {
              target: './src/store',
              from: './src/offering',
              except: ['./shared', './offers-slice.ts'],
              message: "The store takes only offering's slice; offering connects the rest.",
            },
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: features
                .filter((other) => other !== feature)
                .map((other) => `./src/features/${other}`),
              message:
                'Features never import each other; share through lib, components, the store, offering or the private entries.',
            })),
            {
              target: ['./src/lib', './src/components', './src/store'],
              from: ['./src/features', './src/app'],
              message: 'Shared layers never import features or the app.',
            },
            {
              target: ['./src/lib', './src/components'],
              from: './src/private-entries',
              message: 'lib and components know nothing of the private entries.',
            },
            {
              target: ['./src/features', './src/store'],
              from: './src/private-entries',
              except: ['./private-entries.ts'],
              message:
                'The private entries are entered through their door, src/private-entries/private-entries.ts.',
            },
            {
              target: './src/private-entries',
              from: ['./src/features', './src/app'],
              message:
                'The private entries never import a feature or the app: the app wires them in.',
            },
            {
              target: './src/features',
              from: './src/app',
              message: 'Features never import the app: the app composes them.',
            },
            {
              target: './src/lib',
              from: ['./src/store', './src/components'],
              message:
                'lib touches browser APIs and reports through callbacks; the app wires it to the store.',
            },
            {
              target: './src/store',
              from: ['./src/components', './src/lib'],
              message: 'The store holds state only; the app connects what it needs.',
            },
            {
              target: './sw',
              from: [
                './src/app',
                './src/lib',
                './src/i18n',
                './src/components',
                './src/store',
                './src/private-entries',
              ],
              message:
                "The service worker shares only src/shared, src/offering/shared and the lab's worker side with the page.",
            },
            {
              target: './sw',
              from: './src/offering',
              except: ['./shared'],
              message: 'The service worker takes only src/offering/shared of offering.',
            },
            {
              target: './sw',
              from: './src/features',
              except: ['./lab/worker', './lab/shared'],
              message: "The service worker takes only the lab's worker side from the features.",
            },
            {
              target: './server',
              from: ['./src', './sw'],
              except: ['./shared/local-backend.ts'],
              message: 'The local backend shares only src/shared/local-backend.ts with the page.',
            },
            {
              target: ['./src', './sw'],
              from: './server',
              message: 'The page and the worker never import the local backend.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts', 'src/offering/shared/**/*.ts', 'src/features/lab/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                'react/*',
                'zustand',
                'framer-motion',
                '@tanstack/*',
                'idb-keyval',
                'workbox-*',
              ],
              message:
                "What the service worker compiles of the page (src/shared, src/offering/shared, the lab's shared/) imports no React, DOM-only or browser-storage module.",
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage'],
    },
  },
)
