// The payload converter module the replay test registers with `payloadConverterPath`, as a user would:
// it revives SearchResult, tagged by that name. It loads the package's CommonJS build while the workflow
// imports the ES module build, so the workflow bundle holds both copies (as a real app's bundle can): the
// converter recognises the other copy's values by their brand.
import type * as Temporal from "toolnexus/temporal";
import { SearchResult } from "./search-result";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createPayloadConverter } = require("toolnexus/temporal") as typeof Temporal;

export const payloadConverter = createPayloadConverter({ classes: { SearchResult } });
