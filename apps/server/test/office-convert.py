# Converts one spreadsheet to CSV in a LibreOffice already running as a server (export-readers.ts
# starts it): `python3 office-convert.py <pipe> <input> <output.csv> [csv]`, with `csv` when the
# input is CSV. `python3 office-convert.py <pipe> --stop` ends the server, which then removes its
# pipes (killed, it would leave them in /tmp).
# The same import and export filters as `soffice --convert-to`, without starting LibreOffice for
# every file: a start costs seconds of processor time, a conversion here a tenth of one.
import sys
import time

import uno
from com.sun.star.beans import PropertyValue

CSV = "Text - txt - csv (StarCalc)"
# Comma, double quote, UTF-8 (76), from line 1: how the CSV files are read and written.
CSV_OPTIONS = "44,34,76,1"


def props(**values):
    result = []
    for name, value in values.items():
        prop = PropertyValue()
        prop.Name = name
        prop.Value = value
        result.append(prop)
    return tuple(result)


def connect(pipe, wait=120):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    # The server may still be starting: it takes a few seconds before it answers on its pipe.
    deadline = time.monotonic() + wait
    while True:
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except Exception as error:
            if time.monotonic() > deadline:
                sys.exit(f"LibreOffice did not answer on the pipe {pipe}: {error}")
            time.sleep(0.1)


def stop(pipe):
    context = connect(pipe, wait=5)
    desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
    try:
        desktop.terminate()
    except Exception:
        pass  # The bridge closes as the server ends.


def main(pipe, source, target, as_csv=""):
    context = connect(pipe)
    desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
    load = props(Hidden=True, FilterName=CSV, FilterOptions=CSV_OPTIONS) if as_csv else props(Hidden=True)
    document = desktop.loadComponentFromURL(uno.systemPathToFileUrl(source), "_blank", 0, load)
    if document is None:
        sys.exit(f"LibreOffice could not open {source}")
    try:
        document.storeToURL(uno.systemPathToFileUrl(target), props(FilterName=CSV, FilterOptions=CSV_OPTIONS))
    finally:
        document.close(True)


if __name__ == "__main__":
    if sys.argv[2:] == ["--stop"]:
        stop(sys.argv[1])
    else:
        main(*sys.argv[1:])
