/** Every table of Equalis, one module per domain; drizzle-kit reads this file. */
export * from "./users";
export * from "./clubs";
export * from "./tournaments";
export * from "./prizes";
export * from "./competitions";
export * from "./ratings";
export * from "./matches";
export * from "./rulings";
export * from "./analyses";
export * from "./api-tokens";
export * from "./notifications";
export * from "./seeks";
export * from "./arena";
export * from "./duplicate";
export * from "./teams";
