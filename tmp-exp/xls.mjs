const XLSX = (await import("@e965/xlsx")).default;
const [n, ch = "x", count = "1"] = process.argv.slice(2);
const table = [["h"], ...Array.from({ length: Number(count) }, () => [ch.repeat(Number(n))])];
const sheet = XLSX.utils.aoa_to_sheet(table);
const book = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(book, sheet, "S");
const t = Date.now();
const bytes = XLSX.write(book, { type: "buffer", bookType: "biff8", bookSST: true });
console.log(n, ch, count, bytes.length, Date.now() - t, "ms");
