export * from "./duplicate";
export * from "./slip";
