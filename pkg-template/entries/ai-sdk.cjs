'use strict';
module.exports = require('./index.cjs').aiSdk;
