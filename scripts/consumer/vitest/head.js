// The Vitest project's test files: these lines, then chart.js and tests.js (and vitest/tests.js) for tool.test.js,
// or chart.js and vitest/failing.js for failing.test.js.
import { expect, test, vi } from "vitest";
import { ContentPart, ToolResult } from "toolnexus";
const mock = () => vi.fn();
