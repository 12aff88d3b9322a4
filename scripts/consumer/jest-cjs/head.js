// The CommonJS Jest project's tool.test.js: these lines, then chart.js and tests.js.
const { ContentPart, ToolResult } = require("toolnexus");
const mock = () => jest.fn();
