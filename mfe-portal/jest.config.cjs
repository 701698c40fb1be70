/** Node for the pure helpers, jsdom for the screens. */
module.exports = require('../jest.preset.cjs').withScreens();
