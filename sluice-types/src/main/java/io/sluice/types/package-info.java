package io.sluice.types;
