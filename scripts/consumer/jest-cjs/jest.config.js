module.exports = { testEnvironment: "node", setupFilesAfterEnv: ["toolnexus/testing/setup"] };
