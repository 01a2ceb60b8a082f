package app.faredrop;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
