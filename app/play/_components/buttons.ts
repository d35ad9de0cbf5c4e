/** The live board's button styles, shared by its panels. */
export const btn = "rounded px-3 py-1.5 text-sm font-medium disabled:opacity-50";
export const primary = `${btn} bg-indigo-600 text-white hover:bg-indigo-700`;
export const secondary = `${btn} border border-slate-300 bg-white hover:bg-slate-50`;
