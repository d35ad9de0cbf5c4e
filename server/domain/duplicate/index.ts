export * from "./duplicate";
