import Link from "next/link";

export default function NotFound() {
  return (
    <section className="mx-auto max-w-md py-16 text-center">
      <p className="text-6xl font-bold text-indigo-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold">This page is not on the board</h1>
      <p className="mt-2 text-slate-600">The address may be mistyped, or the page was removed.</p>
      <Link href="/" className="mt-6 inline-block rounded bg-indigo-600 px-4 py-2 text-white">
        Back to the start square
      </Link>
    </section>
  );
}
