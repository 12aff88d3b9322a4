// The ESM Jest project's tool.test.js: these lines, then chart.js and tests.js.
import { ContentPart, ToolResult } from "toolnexus";
const mock = () => import.meta.jest.fn();
