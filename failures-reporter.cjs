// Under `npm test` (TEST_FAILURES_FILE set), each failed test, jest's or a Playwright journey, is
// appended to that file as one line with the first lines of its error: the run's summary repeats
// them at its end, where a log cut to its last lines still shows what failed (the runners' own
// reports scroll away among the other steps). One class: jest calls onTestResult, Playwright onTestEnd.
const { appendFileSync } = require('node:fs');
const path = require('node:path');
const { stripVTControlCharacters } = require('node:util');

const where = (file) => path.relative(__dirname, file);

class FailuresReporter {
  /** Jest: a test file's results. */
  onTestResult(test, result) {
    const lines = [];
    if (result.testExecError) lines.push(`jest ${where(result.testFilePath)}: ${firstLines(result.testExecError.message)}`);
    for (const assertion of result.testResults) {
      if (assertion.status === 'failed') {
        lines.push(`jest ${where(result.testFilePath)} › ${assertion.fullName}: ${firstLines(assertion.failureMessages.join('\n'))}`);
      }
    }
    record(lines);
  }

  /** Playwright: a journey's result. */
  onTestEnd(test, result) {
    if (result.status === test.expectedStatus) return;
    const message = result.errors.map((error) => error.message ?? '').join('\n');
    record([`journey ${where(test.location.file)}:${test.location.line} › ${test.title} (${result.status}): ${firstLines(message)}`]);
  }

  printsToStdio() {
    return false;
  }
}

function record(lines) {
  const file = process.env.TEST_FAILURES_FILE;
  if (file && lines.length > 0) appendFileSync(file, `${lines.join('\n')}\n`);
}

/** An error's first meaningful lines, on one line (a stack's frames left out). */
function firstLines(message) {
  return stripVTControlCharacters(message)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '))
    .slice(0, 6)
    .join(' ⏎ ')
    .slice(0, 600);
}

module.exports = FailuresReporter;
