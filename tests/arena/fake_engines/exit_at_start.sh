#!/bin/bash
# A fake engine that exits at once: it cannot even be started.
exit 1
