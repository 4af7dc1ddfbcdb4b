#!/usr/bin/env bash
# Every check the project has, in the order that fails fastest: style, types, unit and integration tests,
# then browser journeys against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run --silent lint
npm run --silent typecheck
npm run --silent test:unit
npm run --silent test:e2e
