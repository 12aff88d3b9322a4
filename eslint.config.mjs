// `npm run lint`: typescript-eslint's strict type-checked rules on lib/, the published source (CONTRIBUTING.md,
// "Tools that keep the shape"). Every rule of `strictTypeChecked` is on with its defaults, except where a
// comment below says which option is loosened and why. An inline `eslint-disable` in lib/ names one rule and
// gives its reason after `--`; a directive that no longer silences anything is an error.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "docs/api/", "coverage/", "node_modules/"] },
  {
    files: ["lib/**/*.ts"],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: {
      // Each file is checked with the program of the nearest tsconfig.json (the root one, which includes lib/).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Error messages print sizes, indexes and limits; a number's text is well defined. Everything else
      // (undefined, objects, unknown, bigint, booleans) still needs an explicit String() or a check. The
      // other options are spelt out: an option left out takes the rule's own default, which allows it.
      "@typescript-eslint/restrict-template-expressions": [
        "error",
        { allowNumber: true, allowAny: false, allowBoolean: false, allowNever: false, allowNullish: false, allowRegExp: false },
      ],
      // The testing entries add their matchers to Jest's and Vitest's `expect` by module augmentation: an empty
      // interface extending ours is the only form declaration merging takes. Other empty interfaces and the
      // `{}` type stay refused.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      // The value classes' whole state is their own enumerable fields (the brand is a private field, never
      // copied), and every copy gets its prototype back from the factory that builds it (`build`, `makePart`):
      // spreading them is how a copy with one field changed is made. Spreading any other class stays refused.
      "@typescript-eslint/no-misused-spread": [
        "error",
        {
          allow: [
            { from: "file", name: "ToolResult", path: "lib/tool-result.ts" },
            { from: "file", name: "ContentPart", path: "lib/content-part.ts" },
          ],
        },
      ],
      // Two internal signals are thrown and caught inside the library, never seen by a caller: read-source.ts's
      // `Failure` (the module imports nothing from the library, so the core turns it into a ContentPartError)
      // and temporal.ts's `NotJson` (ends a walk early). Neither needs a stack. Any other non-Error is refused.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "file", name: "Failure", path: "lib/read-source.ts" },
            { from: "file", name: "NotJson", path: "lib/temporal.ts" },
          ],
        },
      ],
      // Off: validating input is the library's job, and its regular expressions match control characters on
      // purpose (in URLs, base64, JSON paths and media signatures such as PNG's \x1a). The rule only exists to
      // catch one typed by accident, and it has no option to name the deliberate ones.
      "no-control-regex": "off",
      // What a catch caught may be a Proxy whose getPrototypeOf trap throws: `instanceof` on it throws again and
      // escapes untyped. Ask isToolnexusError / isInstance of lib/errors.ts instead (CONTRIBUTING.md, "Rules the
      // code follows").
      "no-restricted-syntax": [
        "error",
        {
          selector: "CatchClause > BlockStatement BinaryExpression[operator='instanceof']",
          message: "No instanceof inside a catch block: use isToolnexusError(e, Class?) or isInstance(value, Class) from lib/errors.ts.",
        },
      ],
    },
  },
);
