export default { testEnvironment: "node", transform: {}, setupFilesAfterEnv: ["toolnexus/testing/setup"] };
