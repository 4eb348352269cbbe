// The import boundaries of the repository, checked by `npm run lint` (depcruise). Paths are
// regular expressions on paths relative to the repository root; an npm package shows up as the
// file it resolves to under node_modules.

/** Test code: the API suite and its helpers, the browser suite, and test files and helpers anywhere. */
const TEST_CODE = [
  '^apps/api/test/',
  '^e2e/',
  '\\.test\\.tsx?$',
  '^apps/web/src/lib/test-[^/]+$',
  '-test-utils\\.tsx?$',
];
const CATALOGUE = '^apps/api/src/features/catalogue/';
const ADMIN = '^apps/web/src/features/admin/';
const EMAIL = '^apps/api/src/features/email/';
const API_FEATURES = '^apps/api/src/features/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-no-app',
      comment:
        'packages/shared is the contract both sides build on: it may not depend on the API, the web app, ' +
        'the benchmarks or the browser tests.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|bench|e2e)/' },
    },
    {
      name: 'web-imports-no-api',
      comment:
        'The web app talks to the API over HTTP and shares only packages/shared; API source (row types, ' +
        'Kysely, server code) must not end up in the browser bundle.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'storefront-imports-no-admin',
      comment:
        'The admin back office is its own lazily loaded chunk that a visitor never downloads: storefront, ' +
        'account, auth, layouts, components and lib code may not import it. Only the router in app/ loads it.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: [ADMIN, '^apps/web/src/app/'] },
      to: { path: ADMIN },
    },
    {
      name: 'admin-loaded-lazily',
      comment:
        'The router may reach the admin area only through a dynamic import(), so that it stays a separate ' +
        'chunk; a static import would put the whole back office into the first load of every visitor.',
      severity: 'error',
      from: { path: '^apps/web/src/app/', pathNot: '\\.test\\.tsx?$' },
      to: { path: ADMIN, dynamic: false },
    },
    {
      name: 'routes-import-no-database',
      comment:
        'A route parses, authorizes and calls one service function; SQL lives in repositories, reached ' +
        'through services. So *-routes.ts files may not import apps/api/src/db, kysely or a *-repository.ts.',
      severity: 'error',
      from: { path: ['^apps/api/src/.+-routes\\.ts$', '^apps/api/src/routes\\.ts$'] },
      to: { path: ['^apps/api/src/db/', '(^|/)node_modules/kysely/', '-repository\\.ts$'] },
    },
    {
      name: 'migrations-import-no-app',
      comment:
        'A migration is frozen in time: it may import only kysely and node builtins, never app code (nor ' +
        'another migration) that later changes would silently rewrite under it.',
      severity: 'error',
      from: { path: '^apps/api/src/db/migrations/' },
      to: { pathNot: '(^|/)node_modules/kysely/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'production-imports-no-test-code',
      comment:
        'Production code (apps/*/src, packages/shared/src) and the benchmarks may not import test code ' +
        '(apps/api/test, e2e, *.test.ts(x), test helpers): it is not shipped, not stable, and may ' +
        'pull test-only packages in.',
      severity: 'error',
      from: { path: ['^apps/[^/]+/src/', '^packages/shared/src/', '^bench/'], pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    {
      name: 'catalogue-is-private',
      comment:
        'The catalogue keeps its queries to itself: outside its folder only catalogue.ts (the object ' +
        'and its operations) and catalogue-routes.ts (its routes) may be imported ' +
        '(docs/decisions/143-one-plain-read-path.md). The API tests and the benchmarks, which measure ' +
        'its parts, may reach its internals.',
      severity: 'error',
      from: { pathNot: [CATALOGUE, '^apps/api/test/', '^bench/'] },
      to: {
        path: CATALOGUE,
        pathNot: '^apps/api/src/features/catalogue/(catalogue|catalogue-routes)\\.ts$',
      },
    },
    {
      name: 'email-is-private',
      comment:
        'Other features send email only by queueing it in their own transaction (outbox.ts); the ' +
        "templates, the sender and the transport are the email module's own. Outside its folder only " +
        'outbox.ts, email-plugin.ts (app.ts registers it) and the route files may be imported ' +
        '(docs/decisions/114-email-outbox.md). The API tests may reach its internals.',
      severity: 'error',
      from: { pathNot: [EMAIL, '^apps/api/test/', '^bench/'] },
      to: { path: EMAIL, pathNot: `${EMAIL}(outbox|email-plugin|[a-z-]+-routes)\\.ts$` },
    },
    {
      name: 'toasts-through-lib',
      comment:
        'Toasts are raised through apps/web/src/lib/toast.ts, which loads react-toastify on first use, so ' +
        "the library stays out of the pages' initial JavaScript (docs/benchmarks/lighthouse.md). Only it, " +
        'the container (app/toasts.tsx) and the test renderer import the library itself.',
      severity: 'error',
      from: {
        path: '^apps/web/src/',
        pathNot: '^apps/web/src/(lib/toast\\.ts|app/toasts\\.tsx|lib/test-render\\.tsx)$',
      },
      to: { path: 'node_modules/react-toastify/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-feature-cycles',
      comment:
        'The API features depend on one another one way only: no feature folder reaches back to a folder that ' +
        'reaches it, by any path, through other features or through plugins, lib or db alike (a folder cycle; a ' +
        'new feature is covered without editing this rule). The directions: auctions -> offers -> vehicles ' +
        '(and auctions -> vehicles); account -> auth and users -> auth; email, activity, images and rate-limits ' +
        'depend on no feature. Break a cycle by moving the shared piece to the lower feature or to lib/, or by ' +
        'passing it in (docs/ARCHITECTURE.md, "Boundaries npm run lint enforces").',
      severity: 'error',
      scope: 'folder',
      from: { path: API_FEATURES },
      to: { path: API_FEATURES, circular: true },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles anywhere, type-only imports included: a cycle means two modules are really one, ' +
        'and makes the order of initialization fragile. Move what both need into a third module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment:
        'An import the tool cannot resolve escapes every rule above (and fails at run time): keep the ' +
        'resolution options below in step with the tsconfig files and the workspace packages.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Packages are not followed into, but stay in the graph: the rules look at kysely and node builtins.
    doNotFollow: { path: 'node_modules' },
    // Built output only; a bare `dist/` would also drop packages that resolve into their own dist folder.
    exclude: { path: ['^apps/[^/]+/dist/', '^bench/\\.out/', '^e2e/\\.screenshots/'] },
    moduleSystems: ['es6', 'cjs'],
    // Type-only imports are dependencies too: they count for the rules and for cycles.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      // @vm/shared is a workspace package whose package.json maps "./*" to "./src/*.ts".
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'node', 'default'],
      mainFields: ['module', 'main', 'types', 'typings'],
      // The web app imports without extensions (moduleResolution Bundler); the rest writes `.ts`.
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
