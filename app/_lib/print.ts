/**
 * Prints only the part of the page marked `.print-solo` (app/globals.css): <html> is marked for
 * as long as the print dialog is open, so printing the page another way still prints all of it.
 */
export function printSolo(): void {
  const root = document.documentElement;
  root.dataset.printSolo = "";
  const done = () => {
    delete root.dataset.printSolo;
    window.removeEventListener("afterprint", done);
  };
  window.addEventListener("afterprint", done);
  window.print();
}
