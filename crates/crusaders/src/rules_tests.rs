//! Rule-by-rule unit tests on constructed positions.

use crate::state::Crusaders;
