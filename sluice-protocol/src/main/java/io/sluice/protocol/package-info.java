package io.sluice.protocol;
