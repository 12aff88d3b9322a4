// The published Jest-side declarations alone, with skipLibCheck off (tsconfig.strict.json), so that an error inside
// them fails the check.
import type { Matchers } from "expect";
import { equalityTesters, install, matchers, snapshotSerializer } from "toolnexus/testing";
import type {} from "toolnexus/testing/setup";
import { ToolResult } from "toolnexus";

declare const fromExpect: Matchers<void, ToolResult>;
fromExpect.toBeOk();
fromExpect.toHaveParts(1);
declare const fromTypesJest: jest.Matchers<void, ToolResult>;
fromTypesJest.toBePending("approval");
void [equalityTesters, install, matchers, snapshotSerializer];
