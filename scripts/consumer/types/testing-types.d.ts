import type {} from "toolnexus/testing";
