/**
 * A small terminal emulator for tests: it applies what the CLI writes to a pty (cursor moves,
 * clears, text; colours are ignored) to a grid of rows, so a test reads the screen as a
 * person sees it.
 */
export class Screen {
  private grid: string[][];
  private row = 0;
  private col = 0;

  constructor(
    readonly rows = 24,
    readonly cols = 80,
  ) {
    this.grid = Array.from({ length: rows }, () => Array<string>(cols).fill(" "));
  }

  private clearRow(r: number, from = 0): void {
    const line = this.grid[r];
    if (line) for (let c = from; c < this.cols; c++) line[c] = " ";
  }

  write(data: string): void {
    // eslint-disable-next-line no-control-regex -- escape sequences are what is parsed here
    const parts = data.split(/(\u001b\[[?0-9;]*[A-Za-z]|\r|\n)/);
    for (const part of parts) {
      if (part === "") continue;
      if (part === "\r") this.col = 0;
      else if (part === "\n") {
        // As a terminal does: a new line at the foot scrolls every row up by one.
        if (this.row === this.rows - 1) {
          this.grid.shift();
          this.grid.push(Array<string>(this.cols).fill(" "));
        } else this.row++;
      } else if (part.startsWith("\u001b[")) this.escape(part);
      else
        for (const ch of part) {
          if (this.col < this.cols && this.grid[this.row]) this.grid[this.row]![this.col] = ch;
          this.col++;
        }
    }
  }

  private escape(seq: string): void {
    const final = seq[seq.length - 1];
    const body = seq.slice(2, -1);
    if (body.startsWith("?")) return;
    const args = body.split(";").map((n) => (n === "" ? NaN : Number(n)));
    switch (final) {
      case "H":
        this.row = (args[0] || 1) - 1;
        this.col = (args[1] || 1) - 1;
        break;
      case "G":
        this.col = (args[0] || 1) - 1;
        break;
      case "K":
        this.clearRow(this.row, this.col);
        break;
      case "J":
        if (args[0] === 2) for (let r = 0; r < this.rows; r++) this.clearRow(r);
        else {
          this.clearRow(this.row, this.col);
          for (let r = this.row + 1; r < this.rows; r++) this.clearRow(r);
        }
        break;
      default:
        break;
    }
  }

  lines(): string[] {
    return this.grid.map((r) => r.join("").trimEnd());
  }

  text(): string {
    return this.lines().join("\n");
  }
}
