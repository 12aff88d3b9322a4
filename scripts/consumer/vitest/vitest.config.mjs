import { defineConfig } from "vitest/config";
export default defineConfig({ test: { setupFiles: ["toolnexus/testing/vitest-setup"] } });
