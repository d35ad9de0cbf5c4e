// @ts-check
/**
 * ESLint (flat config): Next.js's core-web-vitals and TypeScript sets, plus the import map of
 * docs/conventions.md ("Which folder may import which") as `no-restricted-imports` rules, so a
 * boundary is a lint error rather than a sentence in a document.
 *
 * Flat config does not merge a rule's options across blocks: for a file, the last matching block
 * wins. So every layer below states its complete list (the shared rules plus its own), and the
 * blocks run from the widest glob to the narrowest.
 */
import js from "@eslint/js";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

const TOP_LEVEL = "app|bench|db|drizzle|engine|scripts|server|tests";

/** Everywhere: the front doors, and `@/` (not `../..`) between top-level folders. */
const SHARED = [
  {
    group: ["@/engine/*"],
    message: "Import the engine through its front door, `@/engine` (engine/index.ts).",
  },
  {
    group: ["@/server/domain/*"],
    message: "Import the tournament and rating maths through its front door, `@/server/domain` (server/domain/index.ts).",
  },
  {
    regex: `^(\\.\\./)+(${TOP_LEVEL})(/|$)`,
    message: "Reach another top-level folder through its `@/` path, so the import map can see it.",
  },
];

const FRAMEWORK = {
  group: ["next", "next/*", "next-auth", "next-auth/*", "react", "react/*", "react-dom", "react-dom/*", "@trpc/*", "@tanstack/*"],
  message: "Web framework code belongs to app/ and the tRPC layer, not here.",
};
const DATABASE = {
  group: ["@/db", "@/db/*", "drizzle-orm", "drizzle-orm/*", "postgres", "@electric-sql/*"],
  message: "Only services (and db/ itself) touch the database; go through a service.",
};
const NOT_APP = { group: ["@/app", "@/app/*"], message: "Nothing outside app/ imports a page or component." };

/** The rule's value for a layer: the shared restrictions plus the layer's own. */
const restrict = (...patterns) => ["error", { patterns: [...SHARED, ...patterns] }];

/**
 * Size (docs/conventions.md, "Size"): no function over 150 lines, counting every line, like
 * `max-lines-per-function` — except the callback of a `describe` (`describe`, `describeDb`,
 * `describe.each(…)(…)`, `test.describe(.serial)`), which is a list of cases rather than a function
 * with logic. The cases themselves (`it`/`test` callbacks) are held to the limit.
 */
const describePath = (n) =>
  n.type === "Identifier" ? n.name : n.type === "MemberExpression" ? `${describePath(n.object)}.${n.property.name ?? ""}` : n.type === "CallExpression" ? describePath(n.callee) : "";
const isDescribeCallback = (fn) => fn.parent?.type === "CallExpression" && fn.parent.arguments.includes(fn) && /^(test\.)?describe\w*(\.|$)/.test(describePath(fn.parent.callee));
/** How the report names a function: its own name, the name it is bound to, or the call it is the callback of. */
const nameOf = (fn) => {
  const p = fn.parent;
  if (fn.id) return fn.id.name;
  if (["VariableDeclarator", "Property", "MethodDefinition", "PropertyDefinition"].includes(p.type)) return (p.id ?? p.key).name ?? "This function";
  const title = typeof p.arguments?.[0]?.value === "string" ? JSON.stringify(p.arguments[0].value.slice(0, 50)) : "…";
  return p.type === "CallExpression" ? `The callback of ${describePath(p.callee) || "a call"}(${title})` : "This function";
};
const size = {
  rules: {
    "max-function-lines": {
      meta: { type: "suggestion", schema: [{ type: "integer", minimum: 1 }], messages: { long: "{{name}} has {{lines}} lines (at most {{max}}): split it into named steps." } },
      create(context) {
        const max = context.options[0] ?? 150;
        const check = (fn) => {
          const lines = fn.loc.end.line - fn.loc.start.line + 1;
          if (lines > max && !isDescribeCallback(fn)) context.report({ node: fn, messageId: "long", data: { name: nameOf(fn), lines, max } });
        };
        return { FunctionDeclaration: check, FunctionExpression: check, ArrowFunctionExpression: check };
      },
    },
  },
};

/** Test files (and their helpers in a `tests/` folder) may use the test tools and Node even where the code under test may not. */
const testsIn = (dir) => [`${dir}/**/*.test.ts`, `${dir}/**/*.test.tsx`, `${dir}/**/tests/**`];

export default defineConfig([
  globalIgnores([
    ".next/**",
    ".next-*/**",
    ".data/**",
    "drizzle/**",
    "test-results*/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
  js.configs.recommended,
  ...nextVitals,
  ...nextTypescript,
  {
    plugins: { size },
    rules: {
      // Size: no file over 600 lines and no function over 150, comments and blank lines counted.
      "max-lines": ["error", { max: 600, skipBlankLines: false, skipComments: false }],
      "size/max-function-lines": ["error", 150],
      // A warning nobody fails on is a document; `npm run lint` runs with --max-warnings 0.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-restricted-imports": restrict(),
      // no-restricted-imports does not see `import("…")`: the front doors hold for it too.
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression[source.value=/^@\\/(engine|server\\/domain)\\//]",
          message: "Import the engine and the domain through their front doors, `@/engine` and `@/server/domain`, also in `import()`.",
        },
      ],
    },
  },

  // engine/: pure TypeScript, imports nothing outside engine/ (docs/conventions.md, principle 1).
  {
    files: ["engine/**"],
    rules: {
      "no-restricted-imports": restrict({
        regex: "^(?!\\.)",
        message: "The engine imports nothing outside engine/: no package, no `node:` module, no `@/` path (docs/conventions.md, principle 1).",
      }),
    },
  },
  {
    files: testsIn("engine"),
    rules: {
      "no-restricted-imports": restrict({
        regex: "^(?!\\.|vitest$|fast-check$|node:)",
        message: "Engine tests import the engine (relatively), vitest, fast-check and Node's modules only.",
      }),
    },
  },

  // server/: never a page; the framework only in the tRPC spine, auth and live transport.
  {
    files: ["server/**"],
    rules: { "no-restricted-imports": restrict(NOT_APP) },
  },
  // server/domain/: pure maths over plain arrays; the engine through its front door only.
  {
    files: ["server/domain/**"],
    rules: {
      "no-restricted-imports": restrict({
        regex: "^(?!\\.|@/engine$)",
        message: "server/domain is pure: it imports itself (relatively) and `@/engine`, nothing else (docs/conventions.md, principle 12).",
      }),
    },
  },
  {
    files: testsIn("server/domain"),
    rules: {
      "no-restricted-imports": restrict({
        regex: "^(?!\\.|@/engine$|@/tests/helpers/simulate$|vitest$|fast-check$)",
        message: "Domain tests import the domain (relatively), `@/engine`, the simulation helper (`@/tests/helpers/simulate`), vitest and fast-check only.",
      }),
    },
  },
  // server/services/: domain logic doing I/O; below the routers, unaware of HTTP and pages.
  {
    files: ["server/services/**"],
    rules: {
      "no-restricted-imports": restrict(NOT_APP, FRAMEWORK, {
        group: ["@/server/routers", "@/server/routers/*", "@/server/trpc", "@/server/trpc-http", "@/server/context", "@/server/auth"],
        message: "Services sit below the routers and the tRPC spine; they never import them.",
      }),
    },
  },
  // server/routers/: thin procedures over services; no database of their own (the type of the
  // context's `db` may be named, to hand it to a service).
  {
    files: ["server/routers/**"],
    rules: {
      "no-restricted-imports": restrict(NOT_APP, {
        regex: "^(@/db(?!/client$)(/|$)|drizzle-orm(/|$)|postgres$|@electric-sql/)",
        message: "Routers call services; the database, its schema and its enums are not theirs.",
      }, {
        regex: "^@/db/client$",
        allowTypeImports: true,
        message: "Routers may name the type of the context's `db` (`import type`), nothing more.",
      }),
    },
  },

  // db/: the schema and the client; may use the engine's and the domain's vocabulary, nothing above.
  {
    files: ["db/**"],
    rules: {
      "no-restricted-imports": restrict(NOT_APP, FRAMEWORK, {
        regex: "^@/server(?!/domain$)(/|$)",
        message: "db/ sits below the server; it may use `@/engine` and `@/server/domain` vocabulary only.",
      }),
    },
  },

  // app/: pages and components reach the server through tRPC (types of `AppRouter`) only.
  {
    files: ["app/**"],
    rules: {
      "no-restricted-imports": restrict(DATABASE, {
        regex: "^@/server(?!/domain$|/routers/_app$|/limits$)(/|$)",
        message: "Pages reach the server through tRPC (`useTRPC()`; types via `AppRouter`); the pure `@/engine`, `@/server/domain` and `@/server/limits` are fine.",
      }, {
        regex: "^@/server/routers/_app$",
        allowTypeImports: true,
        message: "Pages take only the type `AppRouter` from the server (`import type`).",
      }, {
        regex: "^node:",
        message: "Pages and components run in the browser too; no `node:` modules.",
      }),
    },
  },
  // Route handlers are server entry points: they call services and the server's HTTP edge, never the database.
  {
    files: ["app/**/route.ts"],
    rules: { "no-restricted-imports": restrict(DATABASE) },
  },
]);
